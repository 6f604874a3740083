// The fleet server's entry points are added as they are built (issue 15); see ../README.md.
export {};
