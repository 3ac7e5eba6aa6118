import { DETAIL_MAX, type Details, type MessageDescriptor, RELATIONSHIPS } from '@hearth/contract';
import { type FormEvent, useId, useState } from 'react';
import { useT } from '../../i18n';
import buttons from '../../ui/button.module.css';
import { Dialog, DialogBody, DialogFooter } from '../../ui/dialog';
import styles from './details-dialog.module.css';
import { profileMessages as m } from './profile.messages';
import { relationshipText, remainingText } from './profile-text';

type TextField = Exclude<keyof Details, 'bio' | 'relationship'>;

const FIELDS: { name: TextField; label: MessageDescriptor; placeholder: MessageDescriptor }[] = [
  { name: 'otherName', label: m.otherName, placeholder: m.otherNamePlaceholder },
  { name: 'job', label: m.job, placeholder: m.jobPlaceholder },
  { name: 'workplace', label: m.workplace, placeholder: m.workplacePlaceholder },
  { name: 'highSchool', label: m.highSchool, placeholder: m.highSchoolPlaceholder },
  { name: 'college', label: m.college, placeholder: m.collegePlaceholder },
  { name: 'currentCity', label: m.currentCity, placeholder: m.currentCityPlaceholder },
  { name: 'hometown', label: m.hometown, placeholder: m.hometownPlaceholder },
  { name: 'instagram', label: m.instagram, placeholder: m.instagramPlaceholder },
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
  const t = useT();
  const [values, setValues] = useState(details);
  const noteId = useId();
  const baseId = useId();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!pending) onSave(values);
  }

  return (
    <Dialog
      title={t(m.editDetails)}
      longTitle
      describedBy={noteId}
      onClose={onClose}
      className={styles.dialog}
      form={{ onSubmit }}
    >
      <DialogBody className={styles.scroll}>
        <p id={noteId} className={styles.note}>
          {t(m.detailsPublic)}
        </p>
        {FIELDS.map((field) => {
          const id = `${baseId}-${field.name}`;
          const value = values[field.name] ?? '';
          return (
            <div key={field.name} className={styles.field}>
              <label htmlFor={id} className={styles.label}>
                {t(field.label)}
              </label>
              <input
                id={id}
                className={styles.input}
                value={value}
                maxLength={DETAIL_MAX}
                placeholder={t(field.placeholder)}
                dir="auto"
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
            {t(m.relationship)}
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
            <option value="">{t(m.notSet)}</option>
            {RELATIONSHIPS.map((option) => (
              <option key={option} value={option}>
                {relationshipText(option)}
              </option>
            ))}
          </select>
        </div>
      </DialogBody>
      <DialogFooter>
        <button type="button" className={buttons.secondary} onClick={onClose}>
          {t(m.cancel)}
        </button>
        <button type="submit" className={buttons.primary} disabled={pending}>
          {t(m.save)}
        </button>
      </DialogFooter>
    </Dialog>
  );
}
