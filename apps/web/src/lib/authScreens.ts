import { authApi as sessionCalls, authSender } from "./appSession";
import { createAuthCalls } from "./authCalls";

/** The session's calls and the sign-in screens' (lib/authCalls.ts), for the screens that sign people in. */
export const authApi = { ...sessionCalls, ...createAuthCalls(authSender) };
