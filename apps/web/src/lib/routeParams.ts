import { useParams } from "react-router-dom";
import { parseId } from "./errors";

/** The route parameter `name` as a database id; null when it cannot be one (the screen shows not found). */
export const useIdParam = (name: string): number | null => parseId(useParams()[name]);
