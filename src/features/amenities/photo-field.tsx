import { useId, useRef, useState } from 'react';
import { AMENITY_PHOTO } from '../../api/contract';
import { formatCount } from '../../lib/format';
import {
  checkPhoto,
  checkPhotoImage,
  photoLargerThan,
  type ImageHeader,
} from '../../lib/image-header';
import {
  formatFileSize,
  PHOTO_SEND_MAX_SIDE,
  PHOTO_SOURCE_MAX_BYTES,
  formatImageSize,
  shouldMakeSmaller,
} from '../../lib/photo-size';
import { makePhotoSmaller } from './make-photo-smaller';
import { Button } from '../../ui/button';
import { PageIcon } from '../../ui/page-icons';
import { FieldError } from '../../ui/field';

/** What the form will do with the photo when it is saved. */
export type PhotoChoice =
  | { kind: 'unchanged' }
  /** A file chosen and still being read (or made smaller): the form waits for it to save. */
  | { kind: 'preparing'; name: string }
  | {
      kind: 'new';
      name: string;
      bytes: Uint8Array<ArrayBuffer>;
      image: ImageHeader;
      /** A data: URL of the photo sent, for the preview (the app's CSP allows data: images). */
      preview: string;
      /** The chosen file's size in bytes, when the device made a smaller copy to send. */
      madeSmallerFrom?: number;
    }
  | { kind: 'remove' };

export const PHOTO_HINT = `JPEG, PNG or WebP. A photo over ${formatFileSize(AMENITY_PHOTO.maxBytes)} or ${formatCount(PHOTO_SEND_MAX_SIDE)} px is made smaller on this device before it is sent. Shown on the amenity's card.`;

export const PHOTO_TOO_LARGE_TO_READ = photoLargerThan(PHOTO_SOURCE_MAX_BYTES);

function dataUrlOf(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

type NewPhoto = PhotoChoice & { kind: 'new' };

/** The photo `file` is sent as, with its preview. */
async function newPhoto(
  name: string,
  file: Blob,
  bytes: Uint8Array<ArrayBuffer>,
  image: ImageHeader,
  madeSmallerFrom?: number,
): Promise<NewPhoto> {
  const preview = await dataUrlOf(file);
  return {
    kind: 'new',
    name,
    bytes,
    image,
    preview,
    ...(madeSmallerFrom ? { madeSmallerFrom } : {}),
  };
}

/**
 * A chosen file as a photo the server will accept, or the message saying why not: the same
 * checks the server makes (size, type from the bytes, dimensions), before anything is sent. A
 * photo over the size limit or larger than a card shows is first made smaller on the device
 * (`makeSmaller`); where the browser cannot, the file is judged as it is.
 */
export async function photoOfFile(
  file: File,
  makeSmaller: (file: Blob) => Promise<Blob | null> = makePhotoSmaller,
): Promise<{ ok: true; choice: NewPhoto } | { ok: false; message: string }> {
  // Too large even to read is known without reading it.
  if (file.size > PHOTO_SOURCE_MAX_BYTES) return { ok: false, message: PHOTO_TOO_LARGE_TO_READ };
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const image = checkPhotoImage(bytes);
    if (!image.ok) return { ok: false, message: image.message };
    const smaller = shouldMakeSmaller(bytes.length, image.image) ? await makeSmaller(file) : null;
    if (smaller) {
      const smallerBytes = new Uint8Array(await smaller.arrayBuffer());
      const checked = checkPhoto(smallerBytes);
      if (checked.ok) {
        return {
          ok: true,
          choice: await newPhoto(file.name, smaller, smallerBytes, checked.image, bytes.length),
        };
      }
    }
    const checked = checkPhoto(bytes);
    if (!checked.ok) return { ok: false, message: checked.message };
    return { ok: true, choice: await newPhoto(file.name, file, bytes, checked.image) };
  } catch {
    return { ok: false, message: 'The file could not be read: choose it again' };
  }
}

/** What the field says of a photo chosen, and of the copy made smaller to send, if it was. */
function newPhotoState(photo: NewPhoto): string {
  const size = formatImageSize(photo.image);
  return photo.madeSmallerFrom
    ? `New photo: ${photo.name} (${size}), made smaller on this device (${formatFileSize(photo.madeSmallerFrom)} → ${formatFileSize(photo.bytes.length)}), saved with the form.`
    : `New photo: ${photo.name} (${size}), saved with the form.`;
}

/**
 * The photo of the amenity form: a preview in a fixed 16:9 box (the card's), a button to choose
 * a file (or replace the photo) and one to remove it. Nothing is sent until the form is saved.
 */
export function PhotoField({
  amenityName,
  currentUrl,
  choice,
  error,
  disabled,
  onChoose,
  onError,
}: {
  amenityName: string;
  /** The saved photo, if there is one. */
  currentUrl: string | null;
  choice: PhotoChoice;
  error: string | null;
  disabled: boolean;
  onChoose: (choice: PhotoChoice) => void;
  onError: (message: string | null) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const shown =
    choice.kind === 'new' ? choice.preview : choice.kind === 'remove' ? null : currentUrl;
  const visible = shown !== null && shown !== brokenUrl;
  const hasPhoto = shown !== null;
  const preparing = choice.kind === 'preparing';
  const describedBy = [`${id}-hint`, `${id}-state`, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const before = choice;
    onError(null);
    onChoose({ kind: 'preparing', name: file.name });
    const result = await photoOfFile(file);
    if (result.ok) {
      onChoose(result.choice);
    } else {
      onChoose(before);
      onError(result.message);
    }
  };

  const state =
    choice.kind === 'preparing'
      ? `Preparing ${choice.name}…`
      : choice.kind === 'new'
        ? newPhotoState(choice)
        : choice.kind === 'remove'
          ? 'The photo will be removed when you save.'
          : currentUrl
            ? 'The current photo.'
            : 'No photo yet.';

  return (
    <div role="group" aria-labelledby={`${id}-label`} className="grid content-start gap-1.5">
      <p id={`${id}-label`} className="text-sm font-medium text-slate-900 dark:text-slate-100">
        Photo <span className="font-normal text-slate-600 dark:text-slate-400"> (optional)</span>
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div
          className={`relative w-full shrink-0 overflow-hidden rounded-lg border border-slate-200 bg-slate-100 sm:aspect-video sm:w-48 dark:border-slate-700 dark:bg-slate-800 ${
            // On a phone, an empty box stays small; a photo gets the card's 16:9.
            hasPhoto ? 'aspect-video' : 'h-16 sm:h-auto'
          }`}
        >
          {visible ? (
            <img
              src={shown}
              alt={
                choice.kind === 'new'
                  ? `Chosen for ${amenityName || 'the new amenity'}: ${choice.name}`
                  : `Current view of ${amenityName || 'the amenity'}`
              }
              className="h-full w-full object-cover"
              onError={() => setBrokenUrl(shown)}
            />
          ) : (
            <div className="flex h-full w-full flex-col items-center justify-center gap-1 text-slate-600 dark:text-slate-400">
              <PageIcon name="image" className="h-6 w-6" />
              {hasPhoto ? <span className="text-xs">Photo not available offline</span> : null}
            </div>
          )}
        </div>
        <div className="grid gap-2">
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              disabled={disabled}
              busy={preparing}
              aria-describedby={describedBy}
              onClick={() => input.current?.click()}
            >
              <PageIcon name="image" className="h-4 w-4" />
              {hasPhoto ? 'Replace photo' : 'Choose photo'}
            </Button>
            {hasPhoto ? (
              <Button
                variant="secondary"
                disabled={disabled}
                busy={preparing}
                onClick={() => {
                  onError(null);
                  // No photo afterwards: the saved one goes too, if there is one.
                  onChoose(currentUrl ? { kind: 'remove' } : { kind: 'unchanged' });
                }}
              >
                <PageIcon name="close" className="h-4 w-4" />
                Remove photo
              </Button>
            ) : choice.kind === 'remove' ? (
              <Button
                variant="ghost"
                disabled={disabled}
                busy={preparing}
                onClick={() => onChoose({ kind: 'unchanged' })}
              >
                Keep the photo
              </Button>
            ) : null}
          </div>
          <p
            id={`${id}-state`}
            role="status"
            className="text-sm text-slate-700 dark:text-slate-300"
          >
            {state}
          </p>
          <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
            {PHOTO_HINT}
          </p>
          {error ? (
            <FieldError id={`${id}-error`} alert>
              {error}
            </FieldError>
          ) : null}
        </div>
      </div>
      <input
        ref={input}
        type="file"
        accept={AMENITY_PHOTO.types.join(',')}
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="amenity-photo-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file may be chosen again after a refusal.
          event.target.value = '';
          void choose(file);
        }}
      />
    </div>
  );
}
