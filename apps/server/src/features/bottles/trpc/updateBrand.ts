import { UpdateBrandInputSchema } from "@club/shared";
import { protectedProcedure } from "../../../trpc/trpc";
import { updateBrand } from "../service";

export default protectedProcedure
  .input(UpdateBrandInputSchema)
  .mutation(({ ctx, input }) => updateBrand(ctx, input));
