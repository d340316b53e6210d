import { TextInput, Title } from '@mantine/core';
import { PROFILE_EMPTY_LIST_MESSAGES, PROFILE_TEXT_LIMITS } from '../../../../shared/interview/profile-limits';
import classes from './Dashboard.module.css';
import type { ProfileForm } from './profile-form';
import { ProfileListSection } from './ProfileListSection';

/*
 * The five lists: Professional Experience, Education, Certification, Technical Skills, Achievements,
 * each with Add More (at most 10), per-row delete and its empty message (SPEC.md section 2
 * '/interview-dashboard'; the caps in section 5).
 */

/** A row with a name and a date range (experience, education); an empty 'To' means present. `row` is e.g. 'education.2'. */
function DatedRow({ form, row, nameField, nameLabel, maxLength }: { form: ProfileForm; row: string; nameField: string; nameLabel: string; maxLength: number }) {
  return (
    <div className={classes.datedRow}>
      <TextInput label={nameLabel} maxLength={maxLength} {...form.getInputProps(`${row}.${nameField}`)} />
      <TextInput label="From" type="date" {...form.getInputProps(`${row}.fromDate`)} />
      <TextInput
        label="To"
        type="date"
        description="Empty means present"
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        {...form.getInputProps(`${row}.toDate`)}
      />
    </div>
  );
}

export function BackgroundLists({ form }: { form: ProfileForm }) {
  return (
    <>
      <Title order={2} size="h3">
        Your Background
      </Title>

      <ProfileListSection
        title="Professional Experience"
        itemName="experience"
        count={form.values.professionalExperience.length}
        emptyMessage={PROFILE_EMPTY_LIST_MESSAGES.professionalExperience}
        onAdd={() => form.insertListItem('professionalExperience', { companyName: '', fromDate: '', toDate: '' })}
        onRemove={(index) => form.removeListItem('professionalExperience', index)}
        renderRow={(index) => (
          <DatedRow form={form} row={`professionalExperience.${index}`} nameField="companyName" nameLabel="Company name" maxLength={PROFILE_TEXT_LIMITS.companyName} />
        )}
      />

      <ProfileListSection
        title="Education"
        itemName="education"
        count={form.values.education.length}
        emptyMessage={PROFILE_EMPTY_LIST_MESSAGES.education}
        onAdd={() => form.insertListItem('education', { institution: '', fromDate: '', toDate: '' })}
        onRemove={(index) => form.removeListItem('education', index)}
        renderRow={(index) => (
          <DatedRow form={form} row={`education.${index}`} nameField="institution" nameLabel="Institution" maxLength={PROFILE_TEXT_LIMITS.institution} />
        )}
      />

      <ProfileListSection
        title="Certification"
        itemName="certification"
        count={form.values.certifications.length}
        emptyMessage={PROFILE_EMPTY_LIST_MESSAGES.certifications}
        onAdd={() => form.insertListItem('certifications', { certification: '' })}
        onRemove={(index) => form.removeListItem('certifications', index)}
        renderRow={(index) => (
          <TextInput label="Certification" maxLength={PROFILE_TEXT_LIMITS.certification} {...form.getInputProps(`certifications.${index}.certification`)} />
        )}
      />

      <ProfileListSection
        title="Technical Skills"
        itemName="technical skill"
        count={form.values.technicalSkills.length}
        emptyMessage={PROFILE_EMPTY_LIST_MESSAGES.technicalSkills}
        onAdd={() => form.insertListItem('technicalSkills', { skill: '' })}
        onRemove={(index) => form.removeListItem('technicalSkills', index)}
        renderRow={(index) => <TextInput label="Technical skill" maxLength={PROFILE_TEXT_LIMITS.skill} {...form.getInputProps(`technicalSkills.${index}.skill`)} />}
      />

      <ProfileListSection
        title="Achievements"
        itemName="achievement"
        count={form.values.achievements.length}
        emptyMessage={PROFILE_EMPTY_LIST_MESSAGES.achievements}
        onAdd={() => form.insertListItem('achievements', { achievement: '' })}
        onRemove={(index) => form.removeListItem('achievements', index)}
        renderRow={(index) => (
          <TextInput label="Achievement" maxLength={PROFILE_TEXT_LIMITS.achievement} {...form.getInputProps(`achievements.${index}.achievement`)} />
        )}
      />
    </>
  );
}
