import { NewThemeInputSchema } from "@club/shared";
import { protectedProcedure } from "../../../trpc/trpc";
import { createTheme } from "../service";

export default protectedProcedure
  .input(NewThemeInputSchema)
  .mutation(({ ctx, input }) => createTheme(ctx, input));
