// A page's sections as tabs (WAI-ARIA tabs), the open one kept in the URL (`?view=`, `?tab=`) so reload and
// back keep it; the first section is the page's plain address. Tab `<prefix>-tab-<key>` controls the panel
// `<prefix>-panel-<key>` (SectionTabPanel). Used by My Transfers and the admin's Transfer Disputes.
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import './section-tabs.css';

export interface SectionTab<K extends string> {
  key: K;
  label: string;
}

/** The open section (from the URL parameter `param`; the first section when absent or unknown) and a way to open another. */
export function useSectionParam<K extends string>(param: string, sections: readonly SectionTab<K>[]): [K, (key: K) => void] {
  const [params, setParams] = useSearchParams();
  const first = sections[0]!.key;
  const current = sections.find((s) => s.key === params.get(param))?.key ?? first;
  return [current, (key) => setParams(key === first ? {} : { [param]: key }, { replace: true })];
}

export function SectionTabs<K extends string>(props: {
  label: string;
  idPrefix: string;
  sections: readonly SectionTab<K>[];
  current: K;
  onSelect: (key: K) => void;
  /** The page's own class (its spacing). */
  className?: string;
}) {
  const { label, idPrefix, sections, current, onSelect, className } = props;
  return (
    <div role="tablist" aria-label={label} className={className ? `section-tabs ${className}` : 'section-tabs'}>
      {sections.map((s) => (
        <button
          key={s.key}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${s.key}`}
          aria-selected={current === s.key}
          aria-controls={`${idPrefix}-panel-${s.key}`}
          className={`section-tab${current === s.key ? ' is-active' : ''}`}
          onClick={() => onSelect(s.key)}
        >
          {s.label}
        </button>
      ))}
    </div>
  );
}

export function SectionTabPanel({ idPrefix, current, children }: { idPrefix: string; current: string; children: ReactNode }) {
  return (
    <div role="tabpanel" id={`${idPrefix}-panel-${current}`} aria-labelledby={`${idPrefix}-tab-${current}`}>
      {children}
    </div>
  );
}
