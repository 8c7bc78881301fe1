import { RefreshInputSchema } from "@club/shared";
import { publicProcedure } from "../../../trpc/trpc";
import { logout } from "../service";

export default publicProcedure.input(RefreshInputSchema).mutation(({ ctx, input }) => logout(ctx, input));
