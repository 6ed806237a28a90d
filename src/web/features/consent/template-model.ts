import { CONSENT_QUESTION_ID_PATTERN, ZConsentTemplateSave, type TConsentQuestion, type TConsentQuestionType } from '../../../shared/contracts/consent.ts';

/**
 * The template editor's rows: a question as edited (options as one text, one per line) with a key
 * that stays put while rows move. Existing questions keep their ids, so answers in signed forms
 * still line up with their question across versions; new ones get an id made from their label.
 */
export type EditableQuestion = {
  key: string;
  id: string | null;
  label: string;
  help: string;
  type: TConsentQuestionType;
  optionsText: string;
  required: boolean;
};

export const QUESTION_TYPE_LABELS: Record<TConsentQuestionType, string> = {
  yes_no: 'Yes or no',
  text: 'Written answer',
  choice: 'Choice of options',
  acknowledge: 'Tick to confirm',
};

let counter = 0;
const nextKey = () => `row-${++counter}`;

export function toEditable(question: TConsentQuestion): EditableQuestion {
  return { key: nextKey(), id: question.id, label: question.label, help: question.help ?? '', type: question.type, optionsText: (question.options ?? []).join('\n'), required: question.required };
}

export function blankQuestion(): EditableQuestion {
  return { key: nextKey(), id: null, label: '', help: '', type: 'yes_no', optionsText: '', required: true };
}

export function moveRow<T>(rows: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= rows.length || from === to) return [...rows];
  const next = [...rows];
  const [row] = next.splice(from, 1);
  next.splice(to, 0, row!);
  return next;
}

/** An id from a label ("Any allergies?" → "any_allergies"), unique among `taken`. */
export function idFromLabel(label: string, taken: ReadonlySet<string>): string {
  const base =
    label
      .normalize('NFKD')
      // Accents come apart from their letters under NFKD: drop the marks, keep the letters.
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^[^a-z]+/, '')
      .replace(/_+$/, '')
      .slice(0, 32) || 'question';
  const start = CONSENT_QUESTION_ID_PATTERN.test(base) ? base : `q_${base}`.slice(0, 32);
  let id = start;
  for (let n = 2; taken.has(id); n++) id = `${start}_${n}`;
  return id;
}

export type RowErrors = Record<string, string[]>;

/**
 * The rows as the save request, checked with the shared schema. Errors come back per row key (and
 * under '' for the whole list), worded for the editor.
 */
export function toSaveRequest(rows: readonly EditableQuestion[]): { ok: true; questions: TConsentQuestion[] } | { ok: false; errors: RowErrors } {
  const taken = new Set(rows.flatMap((r) => (r.id ? [r.id] : [])));
  const questions: TConsentQuestion[] = rows.map((row) => {
    let id = row.id;
    if (!id) {
      id = idFromLabel(row.label, taken);
      taken.add(id);
    }
    const options = row.optionsText.split('\n').map((o) => o.trim()).filter(Boolean);
    return {
      id,
      label: row.label.trim(),
      type: row.type,
      required: row.required,
      ...(row.help.trim() ? { help: row.help.trim() } : {}),
      ...(row.type === 'choice' ? { options } : {}),
    };
  });
  const parsed = ZConsentTemplateSave.safeParse({ questions });
  if (parsed.success) return { ok: true, questions };
  const errors: RowErrors = {};
  for (const issue of parsed.error.issues) {
    const [first, index, field] = issue.path;
    const key = first === 'questions' && typeof index === 'number' ? (rows[index]?.key ?? '') : '';
    const words = field === 'label' ? `Question: ${issue.message}` : field === 'options' ? `Options: ${issue.message} (write one option per line, at least two)` : field === 'help' ? `Explanation: ${issue.message}` : issue.message;
    (errors[key] ??= []).push(words);
  }
  return { ok: false, errors };
}
