import { BIO_MAX, DETAIL_MAX, RELATIONSHIPS } from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildOwnProfile } from '../../test/fixtures';
import { openProfile } from '../../test/profile';

describe('the details editor', () => {
  it('counts the bio down to 0 and never past 100, then saves the whole details object', async () => {
    const { calls, ...app } = await openProfile(buildOwnProfile({ details: { job: 'Engineer' } }), {
      updateUserDetails: (call) => ({
        body: (call.body as { infos: unknown }).infos,
      }),
    });
    await app.user.click(await screen.findByRole('button', { name: 'Add bio' }));
    const bio = screen.getByRole('textbox', { name: 'Bio' });
    expect(screen.getByText(`${BIO_MAX} characters remaining`)).toBeInTheDocument();
    await app.user.type(bio, 'ab');
    expect(screen.getByText(`${BIO_MAX - 2} characters remaining`)).toBeInTheDocument();
    await app.user.clear(bio);
    await app.user.click(bio);
    await app.user.paste('x'.repeat(BIO_MAX + 20));
    expect(bio).toHaveValue('x'.repeat(BIO_MAX));
    expect(screen.getByText('0 characters remaining')).toBeInTheDocument();
    await app.user.type(bio, 'y');
    expect(bio).toHaveValue('x'.repeat(BIO_MAX));

    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    const intro = screen.getByRole('region', { name: 'Intro' });
    expect(await within(intro).findByText('x'.repeat(BIO_MAX))).toBeInTheDocument();
    expect(within(intro).getByRole('button', { name: 'Edit bio' })).toBeInTheDocument();
    const save = calls.find((call) => call.name === 'updateUserDetails');
    expect(save?.method).toBe('PUT');
    expect(save?.body).toEqual({
      infos: {
        bio: 'x'.repeat(BIO_MAX),
        otherName: '',
        job: 'Engineer',
        workplace: '',
        highSchool: '',
        college: '',
        currentCity: '',
        hometown: '',
        relationship: '',
        instagram: '',
      },
    });
  });

  it('only logs a failed save, and the form stays usable', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const app = await openProfile(buildOwnProfile({ details: { bio: 'Old' } }), {
      updateUserDetails: () => ({ status: 500, body: { message: 'Down.' } }),
    });
    await app.user.click(await screen.findByRole('button', { name: 'Edit bio' }));
    const bio = screen.getByRole('textbox', { name: 'Bio' });
    await app.user.type(bio, '!');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(bio).toHaveValue('Old!');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    await app.user.type(bio, '?');
    expect(bio).toHaveValue('Old!?');
  });

  it('edits every detail at 25 characters at most, the relationship from four, all public', async () => {
    const { calls, ...app } = await openProfile(buildOwnProfile(), {
      updateUserDetails: (call) => ({
        body: (call.body as { infos: unknown }).infos,
      }),
    });
    await app.user.click(await screen.findByRole('button', { name: 'Edit details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit details' });
    expect(dialog).toHaveTextContent('Details you select will be public.');
    const labels = [
      'Other name',
      'Job',
      'Workplace',
      'High school',
      'College',
      'Current city',
      'Hometown',
      'Instagram',
    ];
    for (const label of labels) {
      expect(within(dialog).getByRole('textbox', { name: label })).toHaveAttribute(
        'maxLength',
        String(DETAIL_MAX),
      );
    }
    const workplace = within(dialog).getByRole('textbox', { name: 'Workplace' });
    await app.user.click(workplace);
    await app.user.paste('w'.repeat(DETAIL_MAX + 5));
    expect(workplace).toHaveValue('w'.repeat(DETAIL_MAX));
    expect(within(dialog).getAllByText('0 characters remaining')).toHaveLength(1);

    const relationship = within(dialog).getByRole('combobox', { name: 'Relationship' });
    const options = within(relationship)
      .getAllByRole('option')
      .map((option) => option.textContent)
      .filter((text) => text !== 'Not set');
    expect(options).toEqual([...RELATIONSHIPS]);
    await app.user.selectOptions(relationship, 'Married');

    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit details' })).not.toBeInTheDocument(),
    );
    const body = calls.find((call) => call.name === 'updateUserDetails')?.body as {
      infos: Record<string, string>;
    };
    expect(body.infos.workplace).toBe('w'.repeat(DETAIL_MAX));
    expect(body.infos.relationship).toBe('Married');
    const intro = screen.getByRole('region', { name: 'Intro' });
    expect(intro).toHaveTextContent(`Works at ${'w'.repeat(DETAIL_MAX)}`);
    expect(intro).toHaveTextContent('Married');
  });
});
