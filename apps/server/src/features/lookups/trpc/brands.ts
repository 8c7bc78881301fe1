import { publicProcedure } from "../../../trpc/trpc";
import { getBrands } from "../service";

export default publicProcedure.query(({ ctx }) => getBrands(ctx));
