import { useLayoutEffect } from 'react';

/**
 * Scrolls a tab strip sideways so its selected tab shows: on a narrow screen the strip scrolls, and a
 * tab chosen by the address (/account#integrations) or the keyboard would otherwise sit out of view.
 */
export function useSelectedTabInView(tabs: ReadonlyMap<string, HTMLElement>, selectedId: string | undefined): void {
  useLayoutEffect(() => {
    const tab = selectedId === undefined ? undefined : tabs.get(selectedId);
    const list = tab?.parentElement;
    if (tab === undefined || list == null) return;
    const tabBox = tab.getBoundingClientRect();
    const listBox = list.getBoundingClientRect();
    if (tabBox.left >= listBox.left && tabBox.right <= listBox.right) return;
    // Centre it, so the tabs on either side show there is more to scroll to.
    list.scrollLeft += tabBox.left - listBox.left - (listBox.width - tabBox.width) / 2;
  }, [tabs, selectedId]);
}
