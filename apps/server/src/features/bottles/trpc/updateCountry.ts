import { UpdateCountryInputSchema } from "@club/shared";
import { protectedProcedure } from "../../../trpc/trpc";
import { updateCountry } from "../service";

export default protectedProcedure
  .input(UpdateCountryInputSchema)
  .mutation(({ ctx, input }) => updateCountry(ctx, input));
