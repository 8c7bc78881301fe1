import { UpdateDrinkTypeInputSchema } from "@club/shared";
import { protectedProcedure } from "../../../trpc/trpc";
import { updateDrinkType } from "../service";

export default protectedProcedure
  .input(UpdateDrinkTypeInputSchema)
  .mutation(({ ctx, input }) => updateDrinkType(ctx, input));
