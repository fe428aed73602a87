/** The areas a release is of, by the name the releases give them, with the words the page shows for each. */
export const AREA_NAMES: Readonly<Record<string, { id: string; message: string }>> = {
  public: /*i18n*/ { id: 'admin.releases.area.public', message: 'Public site' },
  trainee: /*i18n*/ { id: 'admin.releases.area.trainee', message: 'Trainee area' },
  admin: /*i18n*/ { id: 'admin.releases.area.admin', message: 'Admin area' },
  trainer: /*i18n*/ { id: 'admin.releases.area.trainer', message: 'Trainer area' },
  employer: /*i18n*/ { id: 'admin.releases.area.employer', message: 'Employer area' },
};

/** A moment of a release's life, to the minute: "Mar 2, 2026 10:00". */
export const WHEN = 'MMM d, yyyy HH:mm';
