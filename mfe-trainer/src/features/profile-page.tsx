import { useState, type FormEvent } from 'react';
import { updateMyProfile } from '@btls/shared-api';
import { useAuth } from '@btls/shared-auth';
import { Button, ErrorBanner, SuccessBanner, TextField } from '@btls/shared-ui/components';
import { panelPage as styles } from '@btls/shared-ui/panel-page';

export function TrainerProfilePage() {
  const { user, updateUser } = useAuth();
  const [firstName, setFirstName] = useState(user?.firstName ?? '');
  const [lastName, setLastName] = useState(user?.lastName ?? '');
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');

  async function save(event: FormEvent) {
    event.preventDefault();
    setNotice('');
    if (!firstName.trim() || !lastName.trim()) return setError('First name and last name are required.');
    setError('');
    try {
      const answer = await updateMyProfile({ firstName: firstName.trim(), lastName: lastName.trim() });
      updateUser(answer.user);
      setNotice(answer.message);
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  return (
    <section className={styles.page}>
      <h1>My Profile</h1>
      <form className={styles.card} onSubmit={save} noValidate>
        <SuccessBanner>{notice}</SuccessBanner>
        <ErrorBanner>{error}</ErrorBanner>
        <div className={styles.row}>
          <TextField label="First Name" required value={firstName} onChange={(e) => setFirstName(e.target.value)} />
          <TextField label="Last Name" required value={lastName} onChange={(e) => setLastName(e.target.value)} />
        </div>
        <TextField label="Email" type="email" value={user?.email ?? ''} readOnly hint="Your e-mail cannot be changed here." />
        <Button type="submit">Save Profile</Button>
      </form>
    </section>
  );
}
