/** What the speaking test's leave dialog says (LeaveTestDialog), apart so that the tests read them without the dialog. */

export const LEAVE_TEST_TEXT = 'Leaving or reloading this page ends your test, and the student details on this device are cleared.';
/** Once the test is over and saved: nothing is lost but this page, the results are in My progress. */
export const LEAVE_RESULTS_TEXT = 'Your test is over and saved: its results stay in My progress. Leaving or reloading this page clears the student details on this device.';
