/** What the speaking test's leave dialogs say (LeaveTestDialog, TakeAnotherTest), apart so that the tests read them without the dialogs. */

export const LEAVE_TEST_TEXT = 'Leaving or reloading this page ends your test, and the student details on this device are cleared.';
/** Once the test is over and saved: nothing is lost but this page, the results are in My progress. */
export const LEAVE_RESULTS_TEXT = 'Your test is over and saved: its results stay in My progress. Leaving or reloading this page clears the student details on this device.';
/** Take Another Test (which signs out) while the result is still waiting on this device to be sent. */
export const UNSENT_RESULT_TEXT = 'It is kept on this device and will be sent the next time you sign in here. Wait a moment and it may be saved now.';
/** The same, when the browser could keep no copy of it: signing out loses it. */
export const UNSENT_RESULT_MEMORY_ONLY_TEXT =
  'This browser could not keep a copy of it: if you sign out now, this result is lost. Wait until it is saved, or download your transcript first.';
