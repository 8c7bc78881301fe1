/**
 * What a select over a lookup list says (the new bottle dialog, the bottle page's editors): its
 * label, "Choose a type" before a choice and 'No type "Rye" in the list.' for typed text that
 * names nothing (LookupSelect's `notFound`).
 */
export function lookupWords(label: string) {
  const noun = label.toLowerCase();
  return {
    label,
    placeholder: `Choose a ${noun}`,
    notFound: (text: string) => `No ${noun} "${text}" in the list.`,
  };
}
