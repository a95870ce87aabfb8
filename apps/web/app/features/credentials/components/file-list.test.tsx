import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FileList } from './file-list';
import { renderInLanguage } from './test-render';

const FILES = [
  {
    identifier: '7d1c7f0e-8f43-4c5b-9a57-0d1a4e3b9c11',
    filename: 'practising-licence-2027.pdf',
    size: 2_621_440,
    contentType: 'application/pdf',
    url: '/api/files/a.b',
  },
  {
    identifier: '7d1c7f0e-8f43-4c5b-9a57-0d1a4e3b9c12',
    filename: 'diploma.png',
    size: 524_288,
    contentType: 'image/png',
    url: '/api/files/c.d',
  },
];

describe('FileList', () => {
  it('shortens long names (the whole name stays available), shows sizes in KB or MB and offers preview and delete', async () => {
    const onPreview = vi.fn();
    const onDelete = vi.fn();
    renderInLanguage(<FileList files={FILES} onPreview={onPreview} onDelete={onDelete} />);
    expect(screen.getByText('practising...')).toHaveAttribute('title', 'practising-licence-2027.pdf');
    expect(screen.getAllByText('diploma.png')).toHaveLength(2); // shown, and the sr-only full name
    expect(screen.getByText('practising-licence-2027.pdf')).toHaveClass('sr-only');
    expect(screen.getByText('2.50 MB')).toBeInTheDocument();
    expect(screen.getByText('512.00 KB')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Preview: practising-licence-2027.pdf' }));
    expect(onPreview).toHaveBeenCalledWith(FILES[0]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete: diploma.png' }));
    expect(onDelete).toHaveBeenCalledWith(FILES[1]);
  });

  it('says when nothing is uploaded, in German too', () => {
    renderInLanguage(<FileList files={[]} onPreview={vi.fn()} />, 'de');
    expect(screen.getByText('Noch nichts hochgeladen.')).toBeInTheDocument();
  });
});
