import { AUDIENCE_LABELS, AUDIENCES, type Audience } from '@hearth/contract';
import { type KeyboardEvent, type RefObject, useId, useState } from 'react';
import { errorMessage } from '../../api/client';
import { useEditAudienceMutation } from '../../api/posts';
import { AudienceIcon } from '../../ui/audience-icons';
import buttons from '../../ui/button.module.css';
import { Dialog, DialogBody, DialogFooter } from '../../ui/dialog';
import { ErrorBox } from '../../ui/error-box';
import { ArrowLeftIcon } from '../../ui/icons';
import radios from '../../ui/radio-options.module.css';
import styles from './audience-choice.module.css';

const QUESTION = 'Who can see your post?';

/**
 * The four audiences as radio rows (icon, name, what it means); arrow keys move between them,
 * as between any radio buttons.
 */
export function AudienceOptions({
  value,
  onChange,
}: {
  value: Audience;
  onChange: (audience: Audience) => void;
}) {
  const group = useId();
  return (
    <fieldset className={styles.options}>
      <legend className="visually-hidden">{QUESTION}</legend>
      {AUDIENCES.map((audience) => {
        const { name, description } = AUDIENCE_LABELS[audience];
        return (
          <label key={audience} className={radios.option}>
            <span className={styles.optionIcon}>
              <AudienceIcon audience={audience} width={24} height={24} />
            </span>
            <span className={radios.optionText}>
              <span id={`${group}-${audience}-name`} className={radios.optionName}>
                {name}
              </span>
              <span id={`${group}-${audience}-description`} className={radios.optionDescription}>
                {description}
              </span>
            </span>
            <input
              type="radio"
              name={group}
              value={audience}
              checked={value === audience}
              // The dialog opens on the chosen audience, where the arrow keys start from.
              data-autofocus={value === audience ? true : undefined}
              className={radios.radio}
              aria-labelledby={`${group}-${audience}-name`}
              aria-describedby={`${group}-${audience}-description`}
              onChange={() => onChange(audience)}
            />
          </label>
        );
      })}
    </fieldset>
  );
}

/** What the audience choice says first: the question and where the post shows. */
function AudienceIntro() {
  return (
    <div className={styles.intro}>
      <p className={styles.question}>{QUESTION}</p>
      <p className={radios.explanation}>
        Your post shows in Feed and on your profile to the people you choose here.
      </p>
    </div>
  );
}

/**
 * The create-post dialog's second panel (as Facebook has it): the audiences, a back arrow that
 * leaves them unchanged, and Done. Escape goes back too, not out of the whole dialog.
 */
export function AudiencePanel({
  titleId,
  initial,
  onDone,
  onBack,
  panelRef,
}: {
  titleId: string;
  initial: Audience;
  onDone: (audience: Audience) => void;
  onBack: () => void;
  panelRef?: RefObject<HTMLDivElement | null>;
}) {
  const [choice, setChoice] = useState(initial);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onBack();
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape for the whole panel.
    <div ref={panelRef} onKeyDown={onKeyDown}>
      <div className={styles.head}>
        <button type="button" className={styles.back} aria-label="Back" onClick={onBack}>
          <ArrowLeftIcon />
        </button>
        <h2 id={titleId} className={styles.title}>
          Post audience
        </h2>
      </div>
      <DialogBody>
        <AudienceIntro />
        <AudienceOptions value={choice} onChange={setChoice} />
      </DialogBody>
      <DialogFooter>
        <button type="button" className={buttons.primary} onClick={() => onDone(choice)}>
          Done
        </button>
      </DialogFooter>
    </div>
  );
}

/** 'Edit audience' of a post's menu: the same choice, saved for the post on Save. */
export function EditAudienceDialog({
  postId,
  audience,
  onClose,
}: {
  postId: string;
  audience: Audience;
  onClose: () => void;
}) {
  const [choice, setChoice] = useState(audience);
  const edit = useEditAudienceMutation();
  const [error, setError] = useState<string | null>(null);

  function save() {
    if (choice === audience) {
      onClose();
      return;
    }
    setError(null);
    edit.mutate(
      { postId, audience: choice },
      { onSuccess: onClose, onError: (failure) => setError(errorMessage(failure)) },
    );
  }

  return (
    <Dialog
      title="Edit audience"
      onClose={onClose}
      className={styles.dialog}
      form={{
        onSubmit: (event) => {
          event.preventDefault();
          save();
        },
      }}
    >
      <DialogBody>
        <AudienceIntro />
        {error && <ErrorBox message={error} onRetry={() => setError(null)} />}
        <AudienceOptions value={choice} onChange={setChoice} />
      </DialogBody>
      <DialogFooter>
        <button type="button" className={buttons.secondary} onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className={buttons.primary} disabled={edit.isPending}>
          {edit.isPending ? 'Saving…' : 'Save'}
        </button>
      </DialogFooter>
    </Dialog>
  );
}
