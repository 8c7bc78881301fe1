import { ConfirmEmailInputSchema } from "@club/shared";
import { publicProcedure } from "../../../trpc/trpc";
import { confirmEmail } from "../service";

export default publicProcedure
  .input(ConfirmEmailInputSchema)
  .mutation(({ ctx, input }) => confirmEmail(ctx, input));
