import { FILE_MESSAGES } from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ada, buildOwnProfile, buildPost } from '../../test/fixtures';
import { imageFile, openProfile } from '../../test/profile';

describe('the profile picture dialog', () => {
  async function openDialog() {
    const app = await openProfile(buildOwnProfile());
    await app.user.click(await screen.findByRole('button', { name: 'Update profile picture' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update profile picture' });
    return { app, dialog };
  }

  it('refuses a wrong file with the picture messages, and Try again clears them', async () => {
    const { app, dialog } = await openDialog();
    // Past the picker's own filter, as a drop or an "All files" choice would be.
    const anyFile = userEvent.setup({ applyAccept: false });
    const input = within(dialog).getByLabelText('Upload photo');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/gif,image/jpg');
    await anyFile.upload(input, imageFile('doc.bmp', 'image/bmp'));
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent(FILE_MESSAGES.picture.type.replace('{file}', 'doc.bmp'));
    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    await anyFile.upload(input, imageFile('big.png', 'image/png', 5_242_881));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      FILE_MESSAGES.picture.size.replace('{file}', 'big.png'),
    );
    expect(within(dialog).queryByRole('slider', { name: 'Zoom' })).not.toBeInTheDocument();
  });

  it('zooms from 1 to 3 in steps of 0.2, with a description and Save', async () => {
    const { app, dialog } = await openDialog();
    await app.user.upload(
      within(dialog).getByLabelText('Upload photo'),
      imageFile('me.png', 'image/png'),
    );
    const slider = await within(dialog).findByRole('slider', { name: 'Zoom' });
    expect(slider).toHaveAttribute('min', '1');
    expect(slider).toHaveAttribute('max', '3');
    expect(slider).toHaveAttribute('step', '0.2');
    expect(slider).toHaveValue('1');
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeInTheDocument();

    const zoomIn = within(dialog).getByRole('button', { name: 'Zoom in' });
    const zoomOut = within(dialog).getByRole('button', { name: 'Zoom out' });
    expect(zoomOut).toBeDisabled();
    await app.user.click(zoomIn);
    expect(slider).toHaveValue('1.2');
    for (let i = 0; i < 12; i += 1) {
      if (zoomIn.hasAttribute('disabled')) break;
      await app.user.click(zoomIn);
    }
    expect(slider).toHaveValue('3');
    expect(zoomIn).toBeDisabled();
    await app.user.click(zoomOut);
    expect(slider).toHaveValue('2.8');
  });
});

describe('the cover photo', () => {
  it('refuses a wrong file with the cover messages, in an error box with Try again', async () => {
    const app = await openProfile(buildOwnProfile());
    await screen.findByRole('button', { name: 'Edit cover photo' });
    const input = screen.getByLabelText('Upload cover photo');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/jpg,image/png,image/webp');
    const anyFile = userEvent.setup({ applyAccept: false });
    await anyFile.upload(input, imageFile('anim.gif', 'image/gif'));
    expect(screen.getByRole('alert')).toHaveTextContent(FILE_MESSAGES.cover.type);
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    await anyFile.upload(input, imageFile('huge.jpg', 'image/jpeg', 5_242_881));
    expect(screen.getByRole('alert')).toHaveTextContent(FILE_MESSAGES.cover.size);
  });

  it('opens the menu with Upload photo and Select photo', async () => {
    const app = await openProfile(buildOwnProfile());
    await app.user.click(await screen.findByRole('button', { name: 'Edit cover photo' }));
    const menu = screen.getByRole('menu', { name: 'Edit cover photo' });
    expect(within(menu).getByRole('menuitem', { name: 'Upload photo' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Select photo' })).toBeInTheDocument();
  });

  it('sets an older photo as the cover and announces it with a coverPicture post', async () => {
    const url = '/media/adaowen/img2.webp';
    const { calls, ...app } = await openProfile(
      buildOwnProfile(),
      {
        updateCoverPicture: () => ({ body: 'ok' }),
        createPost: () => ({
          body: buildPost({
            user: ada,
            type: 'coverPicture',
            text: null,
            images: [{ url, variants: [] }],
          }),
        }),
      },
      3,
    );
    await app.user.click(await screen.findByRole('button', { name: 'Edit cover photo' }));
    await app.user.click(screen.getByRole('menuitem', { name: 'Select photo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select photo' });
    await app.user.click(await within(dialog).findByRole('button', { name: 'Photo 2' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Select photo' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('img', { name: 'Cover' })).toHaveAttribute('src', url);
    expect(calls.find((call) => call.name === 'updateCoverPicture')?.body).toEqual({ url });
    expect(calls.find((call) => call.name === 'createPost')?.body).toEqual({
      type: 'coverPicture',
      text: null,
      background: null,
      images: [{ url }],
      user: ada._id,
    });
    expect(await screen.findByRole('article', { name: 'Post by Ada Owen' })).toHaveTextContent(
      'Ada Owen updated cover photo',
    );
  });
});
