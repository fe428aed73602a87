/**
 * A public list's search and filters, kept in the address (`?q=&category=…`): shareable, kept on reload, and
 * the same parameters the plain GET form sends without JavaScript. A filter set back to its default leaves
 * the address. What a quick visitor typed or chose before the page's script ran is kept, not reset.
 */
import { useSearchParams } from '@btls/shared-auth';
import { useKeepTypedValues } from '@btls/shared-ui/hydrated';

export function useUrlFilters<Filters extends Record<string, string>>(defaults: Filters) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(
    Object.entries(defaults).map(([name, fallback]) => [name, params.get(name) || fallback]),
  ) as Filters;
  const setAll = (changes: Partial<Filters>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value && value !== defaults[name]) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );
  return {
    values,
    set: (name: keyof Filters & string, value: string) => setAll({ [name]: value } as Partial<Filters>),
    reset: () => setParams(new URLSearchParams(), { replace: true }),
    formRef: useKeepTypedValues(values, setAll),
  };
}
