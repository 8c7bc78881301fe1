import type { ReactNode } from "react";
import { useTitle } from "../lib/useTitle";
import { PageHeader } from "./PageHeader";
import { Loaded } from "./status";

/** A page's header whose title is also the tab's (useTitle): the page states it once. */
export function TitledPageHeader({ title, subtitle }: { title: string; subtitle: ReactNode }) {
  useTitle(title);
  return <PageHeader title={title} subtitle={subtitle} />;
}

/**
 * A page of one read (the shelf, the stats): its header (`title`, `subtitle`), then the read
 * (`useRead`) through Loaded: the spinner, `failed`, `empty` for an empty list, else `render` of it.
 */
export function loadedPage<T>(
  header: { title: string; subtitle: ReactNode },
  read: {
    useRead: () => { isPending: boolean; isError: boolean; data: T | undefined };
    failed: string;
    empty?: ReactNode;
  },
  render: (data: T) => ReactNode,
) {
  return function LoadedPage() {
    const query = read.useRead();
    return (
      <>
        <TitledPageHeader {...header} />
        <Loaded query={query} failed={read.failed} empty={read.empty}>
          {render}
        </Loaded>
      </>
    );
  };
}
