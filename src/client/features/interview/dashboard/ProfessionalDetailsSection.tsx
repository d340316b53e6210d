import { Paper, Stack, TextInput, Title } from '@mantine/core';
import { GrowingTextarea } from '../../../components/GrowingTextarea';
import {
  EXPERIENCE_MONTHS_MAX,
  EXPERIENCE_MONTHS_MIN,
  EXPERIENCE_YEARS_MAX,
  EXPERIENCE_YEARS_MIN,
  PROFILE_TEXT_LIMITS,
} from '../../../../shared/interview/profile-limits';
import classes from './Dashboard.module.css';
import { ExperienceInput } from './ExperienceInput';
import type { ProfileForm } from './profile-form';

/*
 * 'Professional Details': experience years (0-99) and months (0-11), Profile, Core Competence,
 * Skills (SPEC.md section 2 '/interview-dashboard'; the limits in section 5). The experience fields
 * behave as Mantine's NumberInput (./ExperienceInput).
 */

export function ProfessionalDetailsSection({ form }: { form: ProfileForm }) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="section" aria-labelledby="professional-details">
      <Stack gap="sm">
        <Title order={2} size="h3" id="professional-details">
          Professional Details
        </Title>
        <div className={classes.pair}>
          <ExperienceInput
            label="Experience (years)"
            min={EXPERIENCE_YEARS_MIN}
            max={EXPERIENCE_YEARS_MAX}
            key={form.key('experienceYears')}
            {...form.getInputProps('experienceYears')}
          />
          <ExperienceInput
            label="Experience (months)"
            min={EXPERIENCE_MONTHS_MIN}
            max={EXPERIENCE_MONTHS_MAX}
            key={form.key('experienceMonths')}
            {...form.getInputProps('experienceMonths')}
          />
        </div>
        <TextInput
          label="Profile"
          placeholder="e.g. Software Engineer"
          maxLength={PROFILE_TEXT_LIMITS.profile}
          key={form.key('profile')}
          {...form.getInputProps('profile')}
        />
        <TextInput
          label="Core Competence"
          placeholder="e.g. Frontend development"
          maxLength={PROFILE_TEXT_LIMITS.coreCompetence}
          key={form.key('coreCompetence')}
          {...form.getInputProps('coreCompetence')}
        />
        <GrowingTextarea
          label="Skills"
          placeholder="e.g. Communication, teamwork, problem solving"
          minRows={2}
          maxLength={PROFILE_TEXT_LIMITS.skills}
          key={form.key('skills')}
          {...form.getInputProps('skills')}
        />
      </Stack>
    </Paper>
  );
}
