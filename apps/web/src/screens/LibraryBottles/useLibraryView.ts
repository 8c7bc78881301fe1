import { useState } from "react";
import { useDebouncedCallback } from "@mantine/hooks";
import { useLocation, useSearchParams } from "react-router-dom";
import { searchTextProblem } from "@club/shared";
import { pushViewUrl, replaceViewUrl } from "../../lib/viewHistory";
import { activeFilterCount, readView, writeView, type LibraryView, type SortState } from "./libraryView";
import { withBase } from "../../lib/basePath";
import { validationText } from "../../lib/validationText";

/**
 * The library's view (search, filters, sort, page) kept in the URL: `view` and `setView`, the
 * search box's text (`search`, `onSearch`: applied once typing pauses), what is sent to the server
 * (`sent`) and whether the filters panel is open.
 */
export function useLibraryView() {
  const [params] = useSearchParams();
  const location = useLocation();
  // The view is this screen's state, written through to the URL as a history entry of its own
  // (lib/viewHistory.ts): a sort, a filter or a page turn re-renders this screen alone, at once
  // (through the router, every click would re-render the whole layout as a transition), and Back
  // and Forward step through them. The router still sees the URL whenever it reads it
  // (Back from a bottle, a reload). When the router itself navigates here (the Library Bottles
  // link while on this screen, Back or Forward), its URL wins: every router navigation gives a
  // new location object.
  const [view, setViewState] = useState(() => readView(params));
  const [search, setSearch] = useState(view.query);
  const [routerLocation, setRouterLocation] = useState(location);
  const [filtersOpen, setFiltersOpen] = useState(() => activeFilterCount(view.filters) > 0);
  if (location !== routerLocation) {
    const fromUrl = readView(params);
    setRouterLocation(location);
    setViewState(fromUrl);
    setSearch(fromUrl.query);
    if (activeFilterCount(fromUrl.filters) > 0) setFiltersOpen(true);
  }
  const setView = (next: LibraryView, entry: "push" | "replace" = "push") => {
    setViewState(next);
    const search = writeView(next).toString();
    const url = `${location.pathname}${search ? `?${search}` : ""}${window.location.hash}`;
    if (withBase(url) === `${window.location.pathname}${window.location.search}${window.location.hash}`)
      return;
    if (entry === "push") pushViewUrl(url);
    else replaceViewUrl(url);
  };

  // A search the server would refuse (too long, too many words) is said beside the box, not sent:
  // typed, the last accepted one stays; in a URL, the library shows unsearched.
  const problem = searchTextProblem(search);
  const searchProblem = problem === null ? null : validationText(problem);
  const sent = searchTextProblem(view.query) === null ? view : { ...view, query: "" };

  // The search applies once typing pauses; starting a search switches to best match first.
  const applySearch = useDebouncedCallback((text: string, current: LibraryView) => {
    const searching = text.trim() !== "";
    const defaultSort = current.sort.key === "name" && current.sort.direction === "asc";
    const sort: SortState = searching
      ? defaultSort
        ? { key: null, direction: "asc" }
        : current.sort
      : current.sort.key === null
        ? { key: "name", direction: "asc" }
        : current.sort;
    // A new search is a step Back returns from; refining it as it is typed is not.
    setView({ ...current, query: text, sort, page: 1 }, current.query.trim() === "" ? "push" : "replace");
  }, 250);
  const onSearch = (text: string) => {
    setSearch(text);
    if (searchTextProblem(text) === null) applySearch(text, view);
    else applySearch.cancel();
  };

  return { view, setView, search, searchProblem, sent, onSearch, filtersOpen, setFiltersOpen };
}
