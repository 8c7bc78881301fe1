import { RegisterInputSchema } from "@club/shared";
import { publicProcedure } from "../../../trpc/trpc";
import { register } from "../service";

export default publicProcedure.input(RegisterInputSchema).mutation(({ ctx, input }) => register(ctx, input));
