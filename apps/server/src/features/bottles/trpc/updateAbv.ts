import { UpdateAbvInputSchema } from "@club/shared";
import { protectedProcedure } from "../../../trpc/trpc";
import { updateAbv } from "../service";

export default protectedProcedure
  .input(UpdateAbvInputSchema)
  .mutation(({ ctx, input }) => updateAbv(ctx, input));
