// The project folder a page shows things for (the Agents and Rules pages): one labelled field and a button.
import { useId, useState } from 'react';

export interface ProjectFolderFormProps {
  /** The folder shown at first (the one the page last loaded). */
  initial: string;
  placeholder: string;
  /** The button's label. */
  action: string;
  /** A primary button, for a page whose first step this is. */
  primary?: boolean;
  /** Called with the folder as typed, surrounding spaces removed. */
  onSubmit: (folder: string) => void;
}

export function ProjectFolderForm({ initial, placeholder, action, primary = false, onSubmit }: ProjectFolderFormProps) {
  const [folder, setFolder] = useState(initial);
  const id = useId();
  return (
    <form
      className="card inline-form"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(folder.trim());
      }}
    >
      <label htmlFor={`${id}-folder`}>Project folder</label>
      <input
        id={`${id}-folder`}
        className="grow mono"
        placeholder={placeholder}
        value={folder}
        onChange={(e) => setFolder(e.target.value)}
      />
      <button type="submit" className={primary ? 'button button-primary' : 'button'}>
        {action}
      </button>
    </form>
  );
}
