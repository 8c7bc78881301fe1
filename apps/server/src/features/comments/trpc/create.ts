import { NewCommentInputSchema } from "@club/shared";
import { protectedProcedure } from "../../../trpc/trpc";
import { createComment } from "../service";

export default protectedProcedure
  .input(NewCommentInputSchema)
  .mutation(({ ctx, input }) => createComment(ctx, input));
