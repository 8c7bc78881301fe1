import { RefreshInputSchema } from "@club/shared";
import { publicProcedure } from "../../../trpc/trpc";
import { refresh } from "../service";

export default publicProcedure.input(RefreshInputSchema).mutation(({ ctx, input }) => refresh(ctx, input));
