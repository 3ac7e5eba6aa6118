import { AUDIENCES, type Audience, type MessageDescriptor } from '@hearth/contract';
import { type KeyboardEvent, type RefObject, useId, useState } from 'react';
import { errorMessage } from '../../api/client';
import { useEditAudienceMutation } from '../../api/posts';
import { useT } from '../../i18n';
import { AudienceIcon } from '../../ui/audience-icons';
import buttons from '../../ui/button.module.css';
import { Dialog, DialogBody, DialogFooter } from '../../ui/dialog';
import { ErrorBox } from '../../ui/error-box';
import { ArrowLeftIcon } from '../../ui/icons';
import radios from '../../ui/radio-options.module.css';
import { audienceMessages as a } from './audience.messages';
import styles from './audience-choice.module.css';
import { createPostMessages as m } from './create-post.messages';

/** Each audience's name and what it means (the contract's AUDIENCE_LABELS), to translate. */
export const AUDIENCE_TEXTS: Record<
  Audience,
  { name: MessageDescriptor; description: MessageDescriptor }
> = {
  public: { name: a.public, description: a.publicDetail },
  members: { name: a.members, description: a.membersDetail },
  friends: { name: a.friends, description: a.friendsDetail },
  only_me: { name: a.onlyMe, description: a.onlyMeDetail },
};

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
  const t = useT();
  const group = useId();
  return (
    <fieldset className={styles.options}>
      <legend className="visually-hidden">{t(m.question)}</legend>
      {AUDIENCES.map((audience) => {
        const { name, description } = AUDIENCE_TEXTS[audience];
        return (
          <label key={audience} className={radios.option}>
            <span className={styles.optionIcon}>
              <AudienceIcon audience={audience} width={24} height={24} />
            </span>
            <span className={radios.optionText}>
              <span id={`${group}-${audience}-name`} className={radios.optionName}>
                {t(name)}
              </span>
              <span id={`${group}-${audience}-description`} className={radios.optionDescription}>
                {t(description)}
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
  const t = useT();
  return (
    <div className={styles.intro}>
      <p className={styles.question}>{t(m.question)}</p>
      <p className={radios.explanation}>{t(m.explanation)}</p>
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
  const t = useT();
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
        <button type="button" className={styles.back} aria-label={t(m.back)} onClick={onBack}>
          <ArrowLeftIcon />
        </button>
        <h2 id={titleId} className={styles.title}>
          {t(m.postAudience)}
        </h2>
      </div>
      <DialogBody>
        <AudienceIntro />
        <AudienceOptions value={choice} onChange={setChoice} />
      </DialogBody>
      <DialogFooter>
        <button type="button" className={buttons.primary} onClick={() => onDone(choice)}>
          {t(m.done)}
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
  const t = useT();
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
      title={t(m.editAudience)}
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
          {t(m.cancel)}
        </button>
        <button type="submit" className={buttons.primary} disabled={edit.isPending}>
          {t(edit.isPending ? m.saving : m.save)}
        </button>
      </DialogFooter>
    </Dialog>
  );
}
