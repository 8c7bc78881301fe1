import { NewMeetingInputSchema } from "@club/shared";
import { protectedProcedure } from "../../../trpc/trpc";
import { createMeeting } from "../service";

export default protectedProcedure
  .input(NewMeetingInputSchema)
  .mutation(({ ctx, input }) => createMeeting(ctx, input));
