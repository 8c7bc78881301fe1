import { LoginInputSchema } from "@club/shared";
import { publicProcedure } from "../../../trpc/trpc";
import { login } from "../service";

export default publicProcedure.input(LoginInputSchema).mutation(({ ctx, input }) => login(ctx, input));
