import { BIO_MAX, type Details } from '@hearth/contract';
import { type FormEvent, lazy, Suspense, useId, useState } from 'react';
import { useDetailsMutation } from '../../api/profile';
import buttons from '../../ui/button.module.css';
import { HeartIcon } from '../../ui/feed-icons';
import {
  BriefcaseIcon,
  HouseIcon,
  InstagramIcon,
  MapPinIcon,
  SchoolIcon,
} from '../../ui/profile-icons';
import styles from './profile-page.module.css';
import { remainingText } from './profile-text';

const DetailsDialog = lazy(() =>
  import('./details-dialog').then((m) => ({ default: m.DetailsDialog })),
);

/** The details object with every field present, as updateUserDetails takes it. */
export function fullDetails(details: Details): Required<Details> {
  return {
    bio: details.bio ?? '',
    otherName: details.otherName ?? '',
    job: details.job ?? '',
    workplace: details.workplace ?? '',
    highSchool: details.highSchool ?? '',
    college: details.college ?? '',
    currentCity: details.currentCity ?? '',
    hometown: details.hometown ?? '',
    relationship: details.relationship ?? '',
    instagram: details.instagram ?? '',
  };
}

/** The Intro card: bio and details; the owner edits the bio in place and the rest in a dialog. */
export function IntroCard({
  username,
  details,
  own,
}: {
  username: string;
  details: Details;
  own: boolean;
}) {
  const save = useDetailsMutation(username);
  const [editingBio, setEditingBio] = useState(false);
  const [editingDetails, setEditingDetails] = useState(false);
  const titleId = useId();
  const info = fullDetails(details);

  const lines: { key: string; icon: React.ReactNode; text: React.ReactNode }[] = [];
  if (info.workplace) {
    lines.push({
      key: 'work',
      icon: <BriefcaseIcon />,
      text: info.job ? (
        <>
          <b>{info.job}</b> at <b>{info.workplace}</b>
        </>
      ) : (
        <>
          Works at <b>{info.workplace}</b>
        </>
      ),
    });
  } else if (info.job) {
    lines.push({ key: 'work', icon: <BriefcaseIcon />, text: <b>{info.job}</b> });
  }
  if (info.college)
    lines.push({
      key: 'college',
      icon: <SchoolIcon />,
      text: (
        <>
          Studied at <b>{info.college}</b>
        </>
      ),
    });
  if (info.highSchool)
    lines.push({
      key: 'highSchool',
      icon: <SchoolIcon />,
      text: (
        <>
          Went to <b>{info.highSchool}</b>
        </>
      ),
    });
  if (info.currentCity)
    lines.push({
      key: 'city',
      icon: <HouseIcon />,
      text: (
        <>
          Lives in <b>{info.currentCity}</b>
        </>
      ),
    });
  if (info.hometown)
    lines.push({
      key: 'hometown',
      icon: <MapPinIcon />,
      text: (
        <>
          From <b>{info.hometown}</b>
        </>
      ),
    });
  if (info.relationship)
    lines.push({ key: 'relationship', icon: <HeartIcon />, text: info.relationship });
  if (info.instagram)
    lines.push({
      key: 'instagram',
      icon: <InstagramIcon />,
      text: (
        <a
          href={`https://www.instagram.com/${encodeURIComponent(info.instagram)}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          {info.instagram}
        </a>
      ),
    });

  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        Intro
      </h2>
      {editingBio ? (
        <BioEditor
          initial={info.bio}
          pending={save.isPending}
          onCancel={() => setEditingBio(false)}
          onSave={(bio) => save.mutate({ ...info, bio }, { onSuccess: () => setEditingBio(false) })}
        />
      ) : (
        <>
          {info.bio && <p className={styles.bio}>{info.bio}</p>}
          {info.otherName && <p className={styles.otherName}>Also known as {info.otherName}</p>}
          {own && (
            <button
              type="button"
              className={`${buttons.secondary} ${styles.wideButton}`}
              onClick={() => setEditingBio(true)}
            >
              {info.bio ? 'Edit bio' : 'Add bio'}
            </button>
          )}
        </>
      )}
      {lines.length > 0 && (
        <ul className={styles.details}>
          {lines.map((line) => (
            <li key={line.key}>
              <span className={styles.detailIcon}>{line.icon}</span>
              <span>{line.text}</span>
            </li>
          ))}
        </ul>
      )}
      {own && (
        <button
          type="button"
          className={`${buttons.secondary} ${styles.wideButton}`}
          onClick={() => setEditingDetails(true)}
        >
          Edit details
        </button>
      )}
      {editingDetails && (
        <Suspense fallback={null}>
          <DetailsDialog
            details={info}
            pending={save.isPending}
            onClose={() => setEditingDetails(false)}
            onSave={(next) => save.mutate(next, { onSuccess: () => setEditingDetails(false) })}
          />
        </Suspense>
      )}
    </section>
  );
}

function BioEditor({
  initial,
  pending,
  onCancel,
  onSave,
}: {
  initial: string;
  pending: boolean;
  onCancel: () => void;
  onSave: (bio: string) => void;
}) {
  const [bio, setBio] = useState(initial.slice(0, BIO_MAX));
  const counterId = useId();
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!pending) onSave(bio);
  }
  return (
    <form className={styles.bioForm} onSubmit={onSubmit} noValidate>
      <textarea
        className={styles.bioField}
        aria-label="Bio"
        aria-describedby={counterId}
        placeholder="Describe who you are"
        rows={3}
        maxLength={BIO_MAX}
        value={bio}
        // biome-ignore lint/a11y/noAutofocus: the member just asked to edit the bio.
        autoFocus
        onChange={(event) => setBio(event.target.value.slice(0, BIO_MAX))}
      />
      <p id={counterId} className={styles.counter}>
        {remainingText(bio.length, BIO_MAX)}
      </p>
      <div className={styles.formActions}>
        <span className={styles.publicNote}>Public</span>
        <button type="button" className={buttons.secondary} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={buttons.primary} disabled={pending}>
          Save
        </button>
      </div>
    </form>
  );
}
