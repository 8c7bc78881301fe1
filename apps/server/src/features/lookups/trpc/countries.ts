import { publicProcedure } from "../../../trpc/trpc";
import { getCountries } from "../service";

export default publicProcedure.query(({ ctx }) => getCountries(ctx));
