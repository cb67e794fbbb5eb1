package atiiai

// FaceToward exposes faceToward to the package's external tests.
var FaceToward = faceToward
