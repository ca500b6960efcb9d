/**
 * A company's tags, edited in place: its chips and a small button; the button opens a box of the
 * tags separated by commas (the tags in use offered as suggestions), Enter or Save stores them,
 * Escape or Cancel leaves them. The main process normalises them (trimmed, no duplicates).
 */
import { useEffect, useRef, useState } from 'react';
import { desk, useCompanyAction } from '../../api';
import { useT } from '../../i18n/i18n';
import { parseTags, type FirmRow } from './firm-rows';

export function TagsCell({ row, suggestionsId }: { row: FirmRow; suggestionsId: string }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const save = useCompanyAction((id: string, tags: string[]) => desk().companies.setTags(id, tags));
  // Saved or cancelled: the keyboard's focus goes back to the button that opened the box.
  const button = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  useEffect(() => {
    if (editing || !returnFocus.current) return;
    returnFocus.current = false;
    button.current?.focus();
  }, [editing]);
  const close = () => {
    returnFocus.current = true;
    setEditing(false);
  };
  if (editing) {
    return (
      <form
        className="firm-tags-form"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate([row.companyId, parseTags(text)], { onSuccess: close });
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            close();
          }
        }}
      >
        <input
          aria-label={t('firm.tags.input', { company: row.name })}
          value={text}
          onChange={(event) => setText(event.target.value)}
          list={suggestionsId}
          autoFocus
          data-testid="firm-tags-input"
        />
        <button type="submit" className="small" disabled={save.isPending}>
          {t('firm.tags.save')}
        </button>
        <button type="button" className="small" onClick={close}>
          {t('firm.tags.cancel')}
        </button>
        {save.error && (
          <span role="alert" className="firm-tags-error">
            {save.error.message}
          </span>
        )}
      </form>
    );
  }
  return (
    <div className="firm-tags">
      {/* The chips may be cut; the button never is. */}
      <span className="firm-tag-list" title={row.tags.join(', ')}>
        {row.tags.map((tag) => (
          <span key={tag} className="firm-tag" data-testid="firm-tag">
            {tag}
          </span>
        ))}
      </span>
      <button
        ref={button}
        type="button"
        className="firm-tags-edit"
        // An icon, named by its label: "+" (add) or "✎" (edit), so 300 rows are not 300 words.
        aria-label={t(row.tags.length === 0 ? 'firm.tags.addFor' : 'firm.tags.edit', { company: row.name })}
        title={t(row.tags.length === 0 ? 'firm.tags.addFor' : 'firm.tags.edit', { company: row.name })}
        onClick={() => {
          setText(row.tags.join(', '));
          setEditing(true);
        }}
        data-testid="firm-tags-edit"
      >
        {row.tags.length === 0 ? '+' : '✎'}
      </button>
    </div>
  );
}
