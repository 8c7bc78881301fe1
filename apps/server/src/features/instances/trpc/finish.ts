import { InstanceIdSchema } from "@club/shared";
import { protectedProcedure } from "../../../trpc/trpc";
import { finishInstance } from "../service";

export default protectedProcedure
  .input(InstanceIdSchema)
  .mutation(({ ctx, input }) => finishInstance(ctx, input));
