import { AddBottleToMeetingInputSchema } from "@club/shared";
import { protectedProcedure } from "../../../trpc/trpc";
import { addBottleToMeeting } from "../service";

export default protectedProcedure
  .input(AddBottleToMeetingInputSchema)
  .mutation(({ ctx, input }) => addBottleToMeeting(ctx, input));
