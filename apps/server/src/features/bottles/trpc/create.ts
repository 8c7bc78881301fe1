import { NewBottleInputSchema } from "@club/shared";
import { protectedProcedure } from "../../../trpc/trpc";
import { createBottle } from "../service";

export default protectedProcedure
  .input(NewBottleInputSchema)
  .mutation(({ ctx, input }) => createBottle(ctx, input));
