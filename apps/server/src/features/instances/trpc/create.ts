import { NewInstanceInputSchema } from "@club/shared";
import { protectedProcedure } from "../../../trpc/trpc";
import { createInstance } from "../service";

export default protectedProcedure
  .input(NewInstanceInputSchema)
  .mutation(({ ctx, input }) => createInstance(ctx, input));
