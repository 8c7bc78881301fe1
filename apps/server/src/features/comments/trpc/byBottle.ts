import { CommentsByBottleSchema } from "@club/shared";
import { publicProcedure } from "../../../trpc/trpc";
import { commentsByBottle } from "../service";

export default publicProcedure
  .input(CommentsByBottleSchema)
  .query(({ ctx, input }) => commentsByBottle(ctx, input));
