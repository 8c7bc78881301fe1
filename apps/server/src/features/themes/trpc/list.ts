import { publicProcedure } from "../../../trpc/trpc";
import { getThemes } from "../service";

export default publicProcedure.query(({ ctx }) => getThemes(ctx));
