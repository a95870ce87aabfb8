/** SPEC.md §5/§9: a displayed file name longer than 15 characters shows its first 10 and dots. */
export function shortFileName(name: string): string {
  const characters = Array.from(name);
  return characters.length > 15 ? `${characters.slice(0, 10).join('')}...` : name;
}

/** SPEC.md §9: sizes in KB, or in MB from 1 MB on, to 2 decimals ("512.00 KB", "2.50 MB"). */
export function formatFileSize(bytes: number): string {
  const size = Math.max(0, bytes);
  if (size >= 1024 * 1024) return `${(size / (1024 * 1024)).toFixed(2)} MB`;
  return `${(size / 1024).toFixed(2)} KB`;
}
