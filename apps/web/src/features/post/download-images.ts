/** Saves each image as a file (spec section 6, 'Download'). */
export async function downloadImages(images: readonly { url: string }[]) {
  for (const [index, image] of images.entries()) {
    const name = image.url.split('/').pop()?.split('?')[0] || `photo-${index + 1}`;
    let href = image.url;
    let objectUrl: string | null = null;
    try {
      // A blob url downloads even where the browser would rather open the image.
      const response = await fetch(image.url);
      if (response.ok) {
        objectUrl = URL.createObjectURL(await response.blob());
        href = objectUrl;
      }
    } catch {
      // The direct link still downloads same-origin images.
    }
    const link = document.createElement('a');
    link.href = href;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    if (objectUrl) {
      const url = objectUrl;
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    }
  }
}
