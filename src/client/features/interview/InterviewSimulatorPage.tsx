import { Container } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { FullPageLoader } from '../../components/FullPageLoader';
import { LoadError } from '../../components/LoadError';
import { useCurrentUser } from '../../lib/auth/current-user';
import { laterPart } from '../../lib/later-part';
import { useStudentProfile } from '../../lib/student-profile';
import { useInterviewProfile } from './api/interview-profile';
import { reloadedDuringInterview } from './simulator/leave-guard';
import type { SimulatorProps } from './simulator/Simulator';

/*
 * The simulator itself (its views, the speech and recording code) is not part of the page's first
 * visit (decision 0023): it loads as the page opens, in parallel with the profile and student
 * requests it waits for anyway, behind the same "Preparing your interview…".
 */
const simulator = laterPart<SimulatorProps>(async () => (await import('./simulator/Simulator')).Simulator, <FullPageLoader label="Preparing your interview…" />);
simulator.preload();

export default function InterviewSimulatorPage() {
  const navigate = useNavigate();
  const [ended] = useState(reloadedDuringInterview);
  const user = useCurrentUser();
  const profile = useInterviewProfile();
  const student = useStudentProfile();

  useEffect(() => {
    if (ended) void navigate('/', { replace: true });
  }, [ended, navigate]);

  const studentName = student.data?.student.studentName ?? '';

  if (ended || profile.isPending || student.isPending || user.isPending) return <FullPageLoader label="Preparing your interview…" />;
  const error = profile.error ?? student.error ?? user.error;
  if (error || !user.data) {
    return (
      <Container size="sm" py="xl">
        <LoadError
          what="interview"
          error={error ?? new Error('You are not signed in.')}
          retry={() => void Promise.all([profile.refetch(), student.refetch(), user.refetch()])}
          retrying={profile.isFetching || student.isFetching}
        />
      </Container>
    );
  }
  return <simulator.Part profile={profile.data} studentName={studentName} userId={user.data.id} />;
}
