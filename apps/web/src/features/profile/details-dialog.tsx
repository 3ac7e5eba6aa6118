import { DETAIL_MAX, type Details, RELATIONSHIPS } from '@hearth/contract';
import { type FormEvent, useId, useState } from 'react';
import buttons from '../../ui/button.module.css';
import { Dialog, DialogBody, DialogFooter } from '../../ui/dialog';
import styles from './details-dialog.module.css';
import { remainingText } from './profile-text';

type TextField = Exclude<keyof Details, 'bio' | 'relationship'>;

const FIELDS: { name: TextField; label: string; placeholder: string }[] = [
  { name: 'otherName', label: 'Other name', placeholder: 'Add other name' },
  { name: 'job', label: 'Job', placeholder: 'Add a job title' },
  { name: 'workplace', label: 'Workplace', placeholder: 'Add a workplace' },
  { name: 'highSchool', label: 'High school', placeholder: 'Add a high school' },
  { name: 'college', label: 'College', placeholder: 'Add a college' },
  { name: 'currentCity', label: 'Current city', placeholder: 'Add a current city' },
  { name: 'hometown', label: 'Hometown', placeholder: 'Add a hometown' },
  { name: 'instagram', label: 'Instagram', placeholder: 'Add an Instagram name' },
];

/** 'Edit details': every detail, 25 characters each, the relationship from four; all public. */
export function DetailsDialog({
  details,
  pending,
  onClose,
  onSave,
}: {
  details: Required<Details>;
  pending: boolean;
  onClose: () => void;
  onSave: (details: Required<Details>) => void;
}) {
  const [values, setValues] = useState(details);
  const noteId = useId();
  const baseId = useId();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!pending) onSave(values);
  }

  return (
    <Dialog
      title="Edit details"
      longTitle
      describedBy={noteId}
      onClose={onClose}
      className={styles.dialog}
      form={{ onSubmit }}
    >
      <DialogBody className={styles.scroll}>
        <p id={noteId} className={styles.note}>
          Details you select will be public.
        </p>
        {FIELDS.map((field) => {
          const id = `${baseId}-${field.name}`;
          const value = values[field.name] ?? '';
          return (
            <div key={field.name} className={styles.field}>
              <label htmlFor={id} className={styles.label}>
                {field.label}
              </label>
              <input
                id={id}
                className={styles.input}
                value={value}
                maxLength={DETAIL_MAX}
                placeholder={field.placeholder}
                aria-describedby={`${id}-count`}
                onChange={(event) =>
                  setValues((was) => ({
                    ...was,
                    [field.name]: event.target.value.slice(0, DETAIL_MAX),
                  }))
                }
              />
              <span id={`${id}-count`} className={styles.count}>
                {remainingText(value.length, DETAIL_MAX)}
              </span>
            </div>
          );
        })}
        <div className={styles.field}>
          <label htmlFor={`${baseId}-relationship`} className={styles.label}>
            Relationship
          </label>
          <select
            id={`${baseId}-relationship`}
            className={styles.input}
            value={values.relationship}
            onChange={(event) =>
              setValues((was) => ({
                ...was,
                relationship: event.target.value as Details['relationship'] & string,
              }))
            }
          >
            <option value="">Not set</option>
            {RELATIONSHIPS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
      </DialogBody>
      <DialogFooter>
        <button type="button" className={buttons.secondary} onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className={buttons.primary} disabled={pending}>
          Save
        </button>
      </DialogFooter>
    </Dialog>
  );
}
