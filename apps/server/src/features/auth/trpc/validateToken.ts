import { protectedProcedure } from "../../../trpc/trpc";
import { validateToken } from "../service";

export default protectedProcedure.query(({ ctx }) => validateToken(ctx));
