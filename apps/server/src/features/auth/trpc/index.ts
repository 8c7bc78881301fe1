import type { TRPCRouterRecord } from "@trpc/server";
import confirmEmail from "./confirmEmail";
import login from "./login";
import logout from "./logout";
import refresh from "./refresh";
import register from "./register";
import resendConfirmation from "./resendConfirmation";
import validateToken from "./validateToken";

export const authRouter = {
  register,
  login,
  refresh,
  validateToken,
  confirmEmail,
  logout,
  resendConfirmation,
} satisfies TRPCRouterRecord;
