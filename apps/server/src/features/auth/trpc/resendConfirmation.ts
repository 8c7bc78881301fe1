import { ResendConfirmationInputSchema } from "@club/shared";
import { publicProcedure } from "../../../trpc/trpc";
import { resendConfirmation } from "../service";

export default publicProcedure
  .input(ResendConfirmationInputSchema)
  .mutation(({ ctx, input }) => resendConfirmation(ctx, input));
