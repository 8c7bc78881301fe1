import { UpdateStateInputSchema } from "@club/shared";
import { protectedProcedure } from "../../../trpc/trpc";
import { updateState } from "../service";

export default protectedProcedure
  .input(UpdateStateInputSchema)
  .mutation(({ ctx, input }) => updateState(ctx, input));
