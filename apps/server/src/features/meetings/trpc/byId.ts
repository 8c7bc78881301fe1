import { MeetingIdSchema } from "@club/shared";
import { publicProcedure } from "../../../trpc/trpc";
import { getMeeting } from "../service";

export default publicProcedure.input(MeetingIdSchema).query(({ ctx, input }) => getMeeting(ctx, input));
